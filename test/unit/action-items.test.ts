/** Issue 30 point 3: the extractive action items on our own meetings (test/fixtures/meetings.ts). */
import { actionItemLine, actionItems, sentencesOf } from '../../functions/domain/action-items';
import { MEETINGS, scoreMeeting } from '../fixtures/meetings';

describe('action items', () => {
  it.each(MEETINGS.map((meeting) => [meeting.name, meeting] as const))('finds every item of "%s", with owner and due date, and nothing else', (_name, meeting) => {
    const found = actionItems(meeting.turns);
    expect(scoreMeeting(meeting, found)).toEqual({ expected: meeting.expected.length, found: meeting.expected.length, matched: meeting.expected.length, dueRight: meeting.expected.length });
  });

  it('a request that names someone is theirs; without speakers the owner is unknown', () => {
    expect(actionItems([{ speaker: 'Ann', text: 'Bob, can you book the room?' }])).toEqual([{ owner: 'Bob', task: 'Bob, can you book the room?', due: null }]);
    expect(actionItems([{ text: "We'll ship it on Monday." }])).toEqual([{ owner: '', task: "We'll ship it on Monday.", due: 'on Monday' }]);
  });

  it('reads as a line: owner, task, due', () => {
    expect(actionItemLine({ owner: 'Ann', task: 'I will send it.', due: 'by Friday' })).toBe('Ann: I will send it. (due by Friday)');
    expect(actionItemLine({ owner: '', task: "Let's go.", due: null })).toBe("Let's go.");
  });

  it('splits sentences at their ends, not inside numbers', () => {
    expect(sentencesOf('It costs 3.50 now. Is it late? Yes!')).toEqual(['It costs 3.50 now.', 'Is it late?', 'Yes!']);
  });
});
