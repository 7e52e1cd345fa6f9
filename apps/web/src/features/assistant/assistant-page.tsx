import { assistantAskSchema, type AssistantAsk, type AssistantConversationSummary } from '@ecc/contracts';
import { ASSISTANT_EXAMPLE_QUESTIONS } from '@ecc/domain';
import { Alert, AlertDescription, Button, ConfirmDialog, EmptyState, FormField, Textarea, cn } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlusIcon, SendIcon, SparklesIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import {
  ASSISTANT_QUERY_KEY,
  askStreamed,
  conversationQuery,
  conversationsQuery,
  deleteConversation,
} from './assistant-api.ts';
import { AssistantAnswerView } from './assistant-answer.tsx';

const ASK_FORM_FIELDS = ['question'] as const;

/** The question being answered: shown with the streamed text until the stored conversation replaces it. */
interface PendingAnswer {
  question: string;
  text: string;
}

function ConversationList({
  selectedId,
  onOpen,
  onNew,
  onDeleted,
}: {
  selectedId: string | undefined;
  onOpen: (id: string) => void;
  onNew: () => void;
  onDeleted: (id: string) => void;
}) {
  const conversations = useQuery(conversationsQuery);
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<AssistantConversationSummary | undefined>();
  return (
    <nav aria-label="Conversations" className="grid min-w-0 grid-cols-1 content-start gap-3">
      <Button variant="outline" onClick={onNew}>
        <MessageSquarePlusIcon aria-hidden="true" /> New conversation
      </Button>
      <QueryStates
        query={conversations}
        loading={<LoadingSkeleton label="Loading conversations" />}
        errorTitle="Your conversations could not be loaded"
        isEmpty={(data) => data.conversations.length === 0}
        empty={<p className="text-muted-foreground text-sm">No conversations yet.</p>}
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-1">
            {data.conversations.map((conversation) => (
              <li key={conversation.id} className="flex items-center gap-1">
                <Button
                  variant={conversation.id === selectedId ? 'secondary' : 'ghost'}
                  size="sm"
                  className="min-w-0 flex-1 shrink justify-start"
                  aria-current={conversation.id === selectedId ? 'true' : undefined}
                  onClick={() => onOpen(conversation.id)}
                >
                  <span className="truncate">{conversation.title}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete conversation "${conversation.title}"`}
                  onClick={() => setToDelete(conversation)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <ConfirmDialog
        open={toDelete !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(undefined);
        }}
        title="Delete this conversation?"
        description={
          toDelete === undefined ? undefined : `"${toDelete.title}" and its answers will be deleted.`
        }
        confirmLabel="Delete conversation"
        variant="destructive"
        onConfirm={async () => {
          if (toDelete === undefined) return;
          await deleteConversation(toDelete.id);
          onDeleted(toDelete.id);
          await queryClient.invalidateQueries({ queryKey: ASSISTANT_QUERY_KEY });
        }}
      />
    </nav>
  );
}

/**
 * `/context-ai` (issue 14, item 4): questions about the realm's emissions answered from its own figures, each
 * number with the pages it comes from; answers stream in, conversations are kept per user.
 */
export function AssistantPage({ route }: PageProps) {
  const queryClient = useQueryClient();
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [pending, setPending] = useState<PendingAnswer | undefined>();
  const conversation = useQuery({
    ...conversationQuery(conversationId ?? ''),
    enabled: conversationId !== undefined,
  });
  const answerHeadingId = useId();
  const { form, submit, formError } = useContractForm<{ question: string }, AssistantAsk>({
    schema: assistantAskSchema,
    defaultValues: { question: '' },
    fieldOf: topLevelFieldOf(ASK_FORM_FIELDS),
    toRequest: (values) => ({
      question: values.question,
      ...(conversationId === undefined ? {} : { conversationId }),
    }),
  });
  const {
    register,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (request) => {
    setPending({ question: request.question, text: '' });
    try {
      const answer = await askStreamed(request, (text) =>
        setPending((current) =>
          current === undefined ? current : { ...current, text: current.text + text },
        ),
      );
      await queryClient.fetchQuery(conversationQuery(answer.conversationId));
      setConversationId(answer.conversationId);
      reset({ question: '' });
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    } finally {
      setPending(undefined);
    }
  });

  const askSuggestion = (question: string) => {
    setValue('question', question);
    void onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and composing text with an input method is left alone).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void onSubmit();
  };

  const messages = conversationId === undefined ? [] : (conversation.data?.messages ?? []);
  const isEmpty = conversationId === undefined && pending === undefined;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={route.title}
        description="Ask about your emissions in plain language. Every number comes from your realm's own records, with links to where it is shown."
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <ConversationList
          selectedId={conversationId}
          onOpen={(id) => setConversationId(id)}
          onNew={() => {
            setConversationId(undefined);
            reset({ question: '' });
          }}
          onDeleted={(id) => {
            if (id === conversationId) setConversationId(undefined);
          }}
        />
        <section aria-label="Chat" className="grid min-w-0 content-start gap-4">
          {isEmpty ? (
            <EmptyState
              icon={<SparklesIcon />}
              title="Ask about your emissions"
              description="Try one of these questions, or write your own below."
              action={
                <ul className="flex flex-wrap justify-center gap-2">
                  {ASSISTANT_EXAMPLE_QUESTIONS.map((question) => (
                    <li key={question}>
                      <Button variant="outline" size="sm" onClick={() => askSuggestion(question)}>
                        {question}
                      </Button>
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {conversationId !== undefined && conversation.isPending ? (
            <LoadingSkeleton label="Loading the conversation" skeletons={['h-16', 'h-32']} />
          ) : null}
          {conversation.error && conversationId !== undefined ? (
            <QueryStates
              query={conversation}
              loading={null}
              errorTitle="The conversation could not be loaded"
            >
              {() => null}
            </QueryStates>
          ) : null}
          <ol className="grid gap-4" aria-label="Messages">
            {messages.map((message) => (
              <li
                key={message.id}
                className={cn(
                  'rounded-lg border p-4',
                  message.role === 'user' ? 'bg-muted/40 justify-self-end' : 'bg-background',
                )}
              >
                <h2
                  id={message.role === 'user' ? undefined : `${answerHeadingId}-${message.id}`}
                  className="sr-only"
                >
                  {message.role === 'user' ? 'You asked' : 'Answer'}
                </h2>
                {message.role === 'assistant' && message.answer !== null ? (
                  <AssistantAnswerView
                    answer={message.answer}
                    headingId={`${answerHeadingId}-${message.id}`}
                  />
                ) : (
                  <p className="whitespace-pre-line">{message.text}</p>
                )}
              </li>
            ))}
            {pending !== undefined ? (
              <>
                <li className="bg-muted/40 justify-self-end rounded-lg border p-4">
                  <h2 className="sr-only">You asked</h2>
                  <p className="whitespace-pre-line">{pending.question}</p>
                </li>
                <li className="rounded-lg border p-4" aria-busy="true">
                  <h2 className="sr-only">Answer</h2>
                  <p className={cn(pending.text === '' && 'text-muted-foreground')}>
                    {pending.text === '' ? 'Reading your records…' : pending.text}
                  </p>
                </li>
              </>
            ) : null}
          </ol>
          {/* What screen readers hear: the answer as it streams in. */}
          <div aria-live="polite" className="sr-only">
            {pending?.text ?? ''}
          </div>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            aria-label="Ask the assistant"
            className="grid gap-2"
          >
            {formError ? (
              <Alert kind="error">
                <AlertDescription>{formError}</AlertDescription>
              </Alert>
            ) : null}
            <FormField
              label="Question"
              description="Enter sends; Shift+Enter starts a new line."
              error={errors.question?.message}
            >
              <Textarea rows={2} onKeyDown={onKeyDown} {...register('question')} />
            </FormField>
            <div>
              <Button type="submit" isLoading={isSubmitting}>
                <SendIcon aria-hidden="true" /> Ask
              </Button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
