import {
  assistantAnswerSchema,
  type AssistantAnswer,
  type AssistantToolCall,
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
import {
  checkModelAnswer,
  planQuestion,
  writeAnswer,
  type AssistantToolOutput,
  type WrittenAnswer,
} from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';
import type { AssistantModel, ModelToolResult } from './assistant-model.ts';
import { createAssistantTools, readAssistantContext, type AssistantToolContext } from './assistant-tools.ts';

export const CONVERSATION_NOT_FOUND = 'No such conversation';
const TITLE_LENGTH = 80;

export const MODEL_FAILED_NOTE =
  'The language model could not answer (it was unreachable or answered something unreadable), so this is the offline answer.';
export const MODEL_UNCHECKED_NOTE =
  'No sentence of the language model’s answer could be checked against the data the tools read, so this is the offline answer.';
export const modelTimeoutNote = (timeoutMs: number) =>
  `The language model did not answer within ${timeoutMs / 1000} s, so this is the offline answer.`;
export const modelCorrectedNote = (count: number) =>
  `Checked against the data: ${count === 1 ? 'one sentence' : `${count} sentences`} of the language model’s answer stated a number or a link the tools did not give and ${count === 1 ? 'was' : 'were'} removed.`;

export interface AssistantAsker {
  realmId: string;
  userId: string;
  /** Whether the user may read a facility: the others are neither matched by name nor listed. */
  canReadFacility: (facilityId: string) => boolean;
}

/** How the assistant answers: offline only, or through a model with the offline answer as the fallback. */
export interface AssistantAnswering {
  model: AssistantModel | undefined;
  /** Where a model failure is logged (the answer itself says only that the model failed). */
  logModelFailure: (error: unknown) => void;
}

async function offlineAnswer(
  db: Database,
  context: AssistantToolContext,
  question: string,
): Promise<AssistantAnswer> {
  const plan = planQuestion(question, context);
  const calls = plan.kind === 'tools' ? plan.calls : [];
  const tools = createAssistantTools(db, context);
  const outputs = [];
  for (const call of calls) outputs.push(await tools.run(call));
  return { ...writeAnswer(outputs), toolCalls: calls, mode: 'offline' };
}

/** What the model reads of a tool's output: the offline sentence, the facts with their links, facility ids. */
function modelViewOf(output: AssistantToolOutput, written: WrittenAnswer): ModelToolResult {
  return {
    summary: written.answer,
    facts: written.facts.map((fact) => ({
      label: fact.label,
      value: fact.value,
      unit: fact.unit,
      links: fact.citations.map((citation) => ({ label: citation.label, href: citation.href })),
    })),
    ...(output.name === 'facility_search'
      ? {
          facilities: output.matches.map((match) => ({
            facilityId: match.facilityId,
            name: match.label,
            links: match.citations.map((citation) => ({ label: citation.label, href: citation.href })),
          })),
        }
      : {}),
  };
}

/** An id the model passed that names no facility or unit the user may read: refused, so no figure is mislabelled. */
function unknownIdOf(call: AssistantToolCall, context: AssistantToolContext): string | undefined {
  if (call.name === 'facility_search' || call.name === 'target_status') return undefined;
  const { facilityId, businessUnitId } = call.input;
  if (facilityId !== undefined && !context.facilities.some((facility) => facility.id === facilityId)) {
    return `No facility this user may read has the id ${facilityId}; find facilities with facility_search.`;
  }
  if (businessUnitId !== undefined && !context.businessUnits.some((unit) => unit.id === businessUnitId)) {
    return `No business unit of this organisation has the id ${businessUnitId}.`;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true;
  }
  return false;
}

/**
 * The model's answer, checked: its tools run as the user; every number of its text must be one they read and every
 * link one they returned, else the sentence goes (and a note says so). Nothing left, a failure, or a timeout: the
 * offline answer with a note. The facts and citations are the tools' own, as the offline answer writes them.
 */
async function modelAnswer(
  db: Database,
  context: AssistantToolContext,
  question: string,
  model: AssistantModel,
  logModelFailure: (error: unknown) => void,
): Promise<AssistantAnswer> {
  const tools = createAssistantTools(db, context);
  const calls: AssistantToolCall[] = [];
  const outputs: AssistantToolOutput[] = [];
  const toolData: unknown[] = [];
  let text: string;
  let isFinished: boolean;
  try {
    ({ text, isFinished } = await model.answer({
      question,
      today: context.today,
      reportingYearStartMonth: context.reportingYearStartMonth,
      runTool: async (call) => {
        const refusal = unknownIdOf(call, context);
        if (refusal !== undefined) return { error: refusal };
        const output = await tools.run(call);
        calls.push(call);
        outputs.push(output);
        const view = modelViewOf(output, writeAnswer([output]));
        toolData.push(call.input, view);
        return view;
      },
    }));
  } catch (error) {
    logModelFailure(error);
    const note = isTimeout(error) ? modelTimeoutNote(model.timeoutMs) : MODEL_FAILED_NOTE;
    return { ...(await offlineAnswer(db, context, question)), note };
  }
  const written = writeAnswer(outputs);
  const checked = checkModelAnswer(text, {
    toolData,
    citationHrefs: [...written.citations.map((citation) => citation.href)],
  });
  if (!isFinished || checked.answer.trim() === '') {
    return { ...(await offlineAnswer(db, context, question)), note: MODEL_UNCHECKED_NOTE };
  }
  return {
    answer: checked.answer,
    facts: outputs.length === 0 ? [] : written.facts,
    citations: outputs.length === 0 ? [] : written.citations,
    toolCalls: calls,
    mode: 'model',
    ...(checked.removed.length === 0 ? {} : { note: modelCorrectedNote(checked.removed.length) }),
  };
}

/**
 * The answer to a question: offline (the parser's tool calls, templates), or the model's, checked. Reads only;
 * `today` makes relative periods ("last year") deterministic.
 */
export async function answerQuestion(
  db: Database,
  asker: AssistantAsker,
  question: string,
  today: string,
  answering?: AssistantAnswering,
): Promise<AssistantAnswer> {
  const context = await readAssistantContext(db, asker.realmId, today, asker.canReadFacility);
  if (answering?.model === undefined) return offlineAnswer(db, context, question);
  return modelAnswer(db, context, question, answering.model, answering.logModelFailure);
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
  answering?: AssistantAnswering,
): Promise<AssistantAskResponse> {
  const answer = await answerQuestion(db, asker, input.question, today, answering);
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
