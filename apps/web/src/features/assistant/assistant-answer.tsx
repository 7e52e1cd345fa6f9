import type { AssistantAnswer, AssistantCitation } from '@ecc/contracts';
import { Button, toast } from '@ecc/ui';
import { useNavigate } from '@tanstack/react-router';
import { CopyIcon } from 'lucide-react';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
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

/** A markdown link `[label](href)`, as a model cites a page. */
const MARKDOWN_LINK = /\[([^\]\n]*)\]\(([^)\s]*)\)/g;

/**
 * The answer's text, with a model's markdown links to the pages the answer cites shown as links (the server
 * removed any other link; a link that is not a citation shows its label only).
 */
function AnswerText({ answer }: { answer: AssistantAnswer }) {
  const citations = new Map(answer.citations.map((citation) => [citation.href, citation]));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of answer.answer.matchAll(MARKDOWN_LINK)) {
    parts.push(answer.answer.slice(last, match.index));
    const [, label = '', href = ''] = match;
    const citation = citations.get(href);
    parts.push(
      citation === undefined ? label : <CitationLink key={match.index} citation={{ ...citation, label }} />,
    );
    last = match.index + match[0].length;
  }
  parts.push(answer.answer.slice(last));
  return (
    <p className="whitespace-pre-line">
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </p>
  );
}

/** Who wrote the answer: the offline templates, or a model whose answer the server checked. */
const ANSWER_MODE_LABELS = {
  offline: 'Written from your records by the offline assistant',
  model: 'Written by the language model, checked against your records',
} as const;

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
      <p className="text-muted-foreground text-xs">{ANSWER_MODE_LABELS[answer.mode]}</p>
      {answer.note === undefined ? null : (
        <p role="note" className="rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm">
          {answer.note}
        </p>
      )}
      <AnswerText answer={answer} />
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
