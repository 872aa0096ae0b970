/**
 * The local key points and topic (issue 28 point 1) on the held-out half of test/fixtures/summaries (the
 * engine was tuned on the other half): the share of key points that are fragments, the share of topics that
 * share a content word with the person's gist, and the share of transcripts given a topic at all; and the
 * extractive action items' recall and precision on the meeting held back from their writing.
 */
import { actionItems } from '../../functions/domain/action-items';
import { WinkSummaryEngine } from '../../functions/engines/summary/local-wink';
import { HELD_BACK, scoreMeeting } from '../fixtures/meetings';
import { isFragment, sharesGistWord, SUMMARY_FIXTURES } from '../fixtures/summaries';
import { atLeast, atMost, info, round, type Figure } from './figures';

export async function measureSummary(): Promise<Figure[]> {
  const engine = new WinkSummaryEngine();
  const heldOut = SUMMARY_FIXTURES.filter((fixture) => fixture.split === 'held-out');
  const results = await Promise.all(heldOut.map(async (fixture) => ({ fixture, ...(await engine.summarize(fixture.text)) })));
  const points = results.flatMap(({ fixture, summary }) => summary.map((point) => ({ point, text: fixture.text })));
  const fragments = points.filter(({ point, text }) => isFragment(point, text)).length;
  const topics = results.filter(({ topic }) => topic !== '');
  const matching = topics.filter(({ topic, fixture }) => sharesGistWord(topic, fixture.gist)).length;
  const group = 'summary';
  return [
    atMost(group, `fragment key points (held out, ${points.length} points)`, round(fragments / Math.max(1, points.length)), 'share', 0),
    atLeast(group, `topics sharing a word with the gist (held out, ${heldOut.length})`, round(matching / heldOut.length), 'share', 0.6),
    info(group, 'transcripts given a topic (held out)', round(topics.length / heldOut.length), 'share'),
    ...measureActionItems(),
  ];
}

/** The extractive action items on the meeting held back from their writing (test/fixtures/meetings.json). */
function measureActionItems(): Figure[] {
  const score = scoreMeeting(HELD_BACK, actionItems(HELD_BACK.turns));
  const group = 'summary';
  return [
    info(group, `action items found of those expected (held back, ${score.expected})`, round(score.matched / score.expected), 'share'),
    info(group, `action items found that were expected (held back, ${score.found} found)`, round(score.matched / Math.max(1, score.found)), 'share'),
    info(group, 'action items with the right due phrase (held back)', round(score.dueRight / Math.max(1, score.matched)), 'share'),
  ];
}
