import {
  assistantAnswerSchema,
  type AssistantAnswer,
  type AssistantAskResponse,
  type AssistantConversation,
  type AssistantConversationList,
  type AssistantConversationSummary,
  type AssistantMessage,
} from '@ecc/contracts';
import {
  createAssistantRepository,
  type AssistantConversationRow,
  type AssistantMessageRow,
  type Database,
} from '@ecc/db';
import { planQuestion, writeAnswer } from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';
import { createAssistantTools, readAssistantContext } from './assistant-tools.ts';

export const CONVERSATION_NOT_FOUND = 'No such conversation';
const TITLE_LENGTH = 80;

export interface AssistantAsker {
  realmId: string;
  userId: string;
  /** Whether the user may read a facility: the others are neither matched by name nor listed. */
  canReadFacility: (facilityId: string) => boolean;
}

/**
 * The offline answer to a question: the parser's tool calls run against the realm's figures, the answer written
 * from templates. Reads only; `today` makes relative periods ("last year") deterministic.
 */
export async function answerQuestion(
  db: Database,
  asker: AssistantAsker,
  question: string,
  today: string,
): Promise<AssistantAnswer> {
  const context = await readAssistantContext(db, asker.realmId, today, asker.canReadFacility);
  const plan = planQuestion(question, context);
  const calls = plan.kind === 'tools' ? plan.calls : [];
  const tools = createAssistantTools(db, context);
  const outputs = [];
  for (const call of calls) outputs.push(await tools.run(call));
  return { ...writeAnswer(outputs), toolCalls: calls, mode: 'offline' };
}

function titleOf(question: string): string {
  const line = question.trim().replace(/\s+/g, ' ');
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1)}…`;
}

/**
 * Answers and keeps the question and the answer in the user's conversation (a new one without `conversationId`);
 * another user's or an unknown conversation is a 404, checked in the transaction that writes.
 */
export async function askAssistant(
  db: Database,
  asker: AssistantAsker,
  input: { question: string; conversationId?: string | undefined },
  today: string,
): Promise<AssistantAskResponse> {
  const answer = await answerQuestion(db, asker, input.question, today);
  return db.transaction(async (transaction) => {
    const repository = createAssistantRepository(transaction);
    let conversation: AssistantConversationRow | undefined;
    if (input.conversationId === undefined) {
      conversation = await repository.insertConversation(
        asker.realmId,
        asker.userId,
        titleOf(input.question),
      );
    } else {
      conversation = await repository.findConversation(asker.realmId, asker.userId, input.conversationId);
      if (conversation === undefined) throw new HttpError(404, CONVERSATION_NOT_FOUND);
    }
    const messages = await repository.appendMessages(asker.realmId, conversation.id, [
      { role: 'user', text: input.question, answer: null },
      { role: 'assistant', text: answer.answer, answer: { ...answer } },
    ]);
    return { ...answer, conversationId: conversation.id, messageId: messages.at(-1)!.id };
  });
}

function summaryOf(row: AssistantConversationRow): AssistantConversationSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdOn.toISOString(),
    updatedAt: row.modifiedOn.toISOString(),
  };
}

function messageOf(row: AssistantMessageRow): AssistantMessage {
  const answer = row.answer === null ? null : assistantAnswerSchema.safeParse(row.answer);
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    answer: answer?.success ? answer.data : null,
    createdAt: row.createdOn.toISOString(),
  };
}

export async function listConversations(
  db: Database,
  asker: Pick<AssistantAsker, 'realmId' | 'userId'>,
): Promise<AssistantConversationList> {
  const rows = await createAssistantRepository(db).listConversations(asker.realmId, asker.userId);
  return { conversations: rows.map(summaryOf) };
}

export async function readConversation(
  db: Database,
  asker: Pick<AssistantAsker, 'realmId' | 'userId'>,
  id: string,
): Promise<AssistantConversation> {
  return db.transaction(async (transaction) => {
    const repository = createAssistantRepository(transaction);
    const conversation = await repository.findConversation(asker.realmId, asker.userId, id);
    if (conversation === undefined) throw new HttpError(404, CONVERSATION_NOT_FOUND);
    const messages = await repository.listMessages(asker.realmId, id);
    return { ...summaryOf(conversation), messages: messages.map(messageOf) };
  });
}

export async function deleteConversation(
  db: Database,
  asker: Pick<AssistantAsker, 'realmId' | 'userId'>,
  id: string,
): Promise<void> {
  const isDeleted = await createAssistantRepository(db).deleteConversation(asker.realmId, asker.userId, id);
  if (!isDeleted) throw new HttpError(404, CONVERSATION_NOT_FOUND);
}
