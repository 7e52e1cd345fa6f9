/**
 * lucide's `loader-circle`, drawn here so that the button and the spinner, which the sign-in page paints, do not
 * load the icon library's base before it (first-load budget). Its markup is lucide's, which its test compares.
 */
export function LoadingIcon({ className }: { className: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-loader-circle lucide-loader-2 ${className}`}
      aria-hidden="true"
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </svg>
  );
}
