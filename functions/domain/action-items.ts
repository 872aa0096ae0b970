/**
 * Issue 30 point 3, extractive action items: the sentences in which someone commits to do something
 * ("I'll…", "we need to…", "let's…", "can you…", "please…"), each with its owner and the due date when
 * it is said. No language model: cue phrases at the start of a sentence (or of its main clause). Pure.
 */

/** A speaker's turn: who spoke (undefined without speaker identification) and what they said. */
export interface Turn {
  speaker?: string | undefined;
  text: string;
}

export interface ActionItem {
  /** Who is to do it: the speaker, or the person a request names ("Bob, can you…"); '' when unknown. */
  owner: string;
  /** The sentence as said. */
  task: string;
  /** The due date phrase as said ("by Friday", "tomorrow"), or null. */
  due: string | null;
}

/** Openings that commit the speaker, the group, or the person asked. */
const COMMITMENT = /^(?:(?:ok(?:ay)?|so|and|then|right|sure|yes|yeah|alright|well|also|great|fine)[,\s]+)*(?:([A-Z][a-z]+),\s+)?(?:i'?ll|i will|i'm going to|i am going to|i can take|i'll take|we need to|we'll need to|we have to|we should|we'll|we will|we must|let's|let us|can you|could you|would you|will you|please|you need to|you should)\b/i;
/** "I'll say", "I'll be honest": said with the words of a promise, but no task. */
const NOT_A_TASK = /^(?:[^,]*,\s*)?(?:i'?ll|i will|we'll|we will|let's|let us)\s+(?:say|admit|be honest|tell you what|guess|see what happens|think|leave it there|stop there|wrap up|move on|start)\b/i;
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
/** Due phrases, longest first so "by next Friday" wins over "next Friday". */
const DUE = new RegExp(
  [
    `by (?:the )?(?:end of (?:the |this |next )?(?:day|week|month|quarter)|(?:next |this )?${WEEKDAY}|tomorrow(?: morning| afternoon| evening)?|tonight|next week|next month|noon|[0-9]{1,2}(?::[0-9]{2})? ?(?:am|pm)|(?:january|february|march|april|may|june|july|august|september|october|november|december) [0-9]{1,2}(?:st|nd|rd|th)?)`,
    `(?:before|until) (?:the )?(?:end of (?:the )?(?:day|week|month)|${WEEKDAY}|tomorrow)`,
    `end of (?:the )?(?:day|week|month)`,
    `(?:next|this) (?:week|month|${WEEKDAY})`,
    `on ${WEEKDAY}`,
    `tomorrow(?: morning| afternoon| evening)?`,
    'tonight',
    'today',
  ].join('|'),
  'i',
);

/** A text's sentences: ends at . ! ? followed by a space and what starts the next, or the text's end. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The action items of a conversation, in the order they were said. */
export function actionItems(turns: readonly Turn[]): ActionItem[] {
  const items: ActionItem[] = [];
  for (const turn of turns) {
    for (const sentence of sentencesOf(turn.text)) {
      const cue = COMMITMENT.exec(sentence);
      if (!cue || NOT_A_TASK.test(sentence)) continue;
      const due = new RegExp(`\\b(?:${DUE.source})\\b`, 'i').exec(sentence)?.[0] ?? null;
      items.push({ owner: cue[1] ?? turn.speaker ?? '', task: sentence, due });
    }
  }
  return items;
}

/** An action item as a summary line: "Owner: task (due by Friday)". */
export function actionItemLine(item: ActionItem): string {
  const owner = item.owner ? `${item.owner}: ` : '';
  return `${owner}${item.task}${item.due ? ` (due ${item.due})` : ''}`;
}
