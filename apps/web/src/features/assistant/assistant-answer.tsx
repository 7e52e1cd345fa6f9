import type { AssistantAnswer, AssistantCitation } from '@ecc/contracts';
import { Button, toast } from '@ecc/ui';
import { useNavigate } from '@tanstack/react-router';
import { CopyIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { formatNumber } from '#lib/format/format-number.ts';

/** A link to the page a citation names, followed inside the app. */
function CitationLink({ citation }: { citation: AssistantCitation }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href: citation.href });
  };
  return (
    <a href={citation.href} onClick={follow} className="text-primary underline-offset-4 hover:underline">
      {citation.label}
    </a>
  );
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ variant: 'success', title: 'Answer copied' });
  } catch {
    toast({
      variant: 'destructive',
      title: 'The answer could not be copied',
      description: 'Select the text and copy it.',
    });
  }
}

/** An answer: its text, every number of it as a fact with its sources, and the pages it cites. */
export function AssistantAnswerView({ answer, headingId }: { answer: AssistantAnswer; headingId: string }) {
  return (
    <div className="grid gap-3">
      <p className="whitespace-pre-line">{answer.answer}</p>
      {answer.facts.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full max-w-3xl text-sm" aria-describedby={headingId}>
            <caption className="text-muted-foreground text-left text-xs font-medium">Facts</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1 pr-3 font-medium">
                  What
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Value
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Unit
                </th>
                <th scope="col" className="py-1 font-medium">
                  Source
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.facts.map((fact, index) => (
                <tr key={`${fact.label}-${index}`} className="border-b last:border-0">
                  <td className="py-1 pr-3">{fact.label}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(fact.value)}</td>
                  <td className="py-1 pr-3">{fact.unit}</td>
                  <td className="py-1">
                    <ul className="grid gap-0.5">
                      {fact.citations.map((citation) => (
                        <li key={`${citation.type}-${citation.id}-${citation.href}`}>
                          <CitationLink citation={citation} />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {answer.citations.length > 0 ? (
        <nav aria-label="Sources of this answer" className="text-sm">
          <h3 className="text-muted-foreground text-xs font-medium">Sources</h3>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {answer.citations.map((citation) => (
              <li key={`${citation.type}-${citation.id}-${citation.href}`}>
                <CitationLink citation={citation} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div>
        <Button variant="outline" size="sm" onClick={() => void copyText(answer.answer)}>
          <CopyIcon aria-hidden="true" /> Copy answer
        </Button>
      </div>
    </div>
  );
}
