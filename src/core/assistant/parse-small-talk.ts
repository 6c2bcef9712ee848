import type { SmallTalk } from "./calendar-tools.ts";

const KINDS: [SmallTalk, RegExp][] = [
  [
    "thanks",
    /^(?:(?:hey|hi|oh|ah|ok(?:ay)?|great|perfect|awesome|cool|nice|brilliant|lovely|amazing|super)[,!.]?\s*)?(?:thanks?(?: a lot| so much| very much| again| heaps| sage| mate)?|thank you(?: so much| very much| sage)?|thx|ty|tysm|cheers|many thanks|much appreciated|appreciate it|you're the best|you rock)(?:[\s,!.]+(?:sage|mate|a lot))?[\s!.:)]*$/i,
  ],
  [
    "greeting",
    /^(?:hi|hello|hey|hiya|heya|yo|howdy|good (?:morning|afternoon|evening)|morning|evening)(?:[,!]?\s*(?:sage|there|again|everyone))?[\s!.?]*$/i,
  ],
  [
    "bye",
    /^(?:bye|goodbye|bye bye|see you(?: later| tomorrow)?|see ya|good ?night|gn|later|ttyl|talk (?:to you )?later|that's all(?: for now)?|that's it(?: for now)?)(?:\s+for (?:now|today|tonight))?(?:[,!]?\s*sage)?[\s!.]*$/i,
  ],
  [
    "how_are_you",
    /^(?:(?:hi|hey|hello)[,!]?\s*)?(?:how are you|how're you|how are u|how's it going|how are things|how do you do|you ok|what's up|sup)(?: doing)?(?: today)?(?:[,!]?\s*sage)?[\s?!.]*$/i,
  ],
  [
    "ack",
    /^(?:ok|okay|k|kk|cool|great|nice|perfect|awesome|got it|sounds good|alright|all right|sure|fine|good|noted|understood|yes|yep|yeah|👍|🙏)(?:[,!]?\s*(?:sage|then|thanks?))?[\s!.\p{Extended_Pictographic}]*$/iu,
  ],
];

/** A purely social message — answered in a line, never with a coaching question. */
export function parseSmallTalk(text: string): SmallTalk | undefined {
  const t = text.trim();
  if (t.length > 60) return undefined;
  return KINDS.find(([, re]) => re.test(t))?.[0];
}
