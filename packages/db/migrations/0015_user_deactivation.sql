-- Deactivated users (issue 16 item 5): an administrator's deactivation keeps the account and its history but
-- refuses its sign-in and ends its sessions; null means active.
ALTER TABLE "users" ADD COLUMN "deactivated_on" timestamp with time zone;