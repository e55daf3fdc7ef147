// The picker's rules: the recent emoji list (newest first, at most 18, kept as code points, an
// unreadable stored value dropped), code points of an emoji, and the icon set matching its sprite.
import { describe, expect, it } from "vitest";
import sprite from "../../app/assets/project-icons.svg?raw";

import { EMOJI_GROUPS } from "../../app/lib/emoji-data";
import { ICON_COLORS, DEFAULT_ICON_COLOR, PROJECT_ICON_NAMES } from "../../app/lib/project-icons";
import { RECENT_EMOJIS_MAX, codePointsOf, emojiOf, readRecentEmojis, withRecentEmoji } from "../../app/lib/emoji";

describe("recent emojis", () => {
  it("puts a picked emoji first and keeps no duplicate", () => {
    expect(withRecentEmoji([], "128640")).toEqual(["128640"]);
    expect(withRecentEmoji(["128640", "127919"], "127919")).toEqual(["127919", "128640"]);
  });

  it("keeps at most 18, dropping the oldest", () => {
    const full = Array.from({ length: RECENT_EMOJIS_MAX }, (_, index) => String(128512 + index));
    const next = withRecentEmoji(full, "128640");
    expect(RECENT_EMOJIS_MAX).toBe(18);
    expect(next).toHaveLength(18);
    expect(next[0]).toBe("128640");
    expect(next.at(-1)).toBe(full[16]);
  });

  it("reads a stored list of code points and refuses anything else", () => {
    expect(readRecentEmojis('["128640","9757-65039"]')).toEqual(["128640", "9757-65039"]);
    expect(readRecentEmojis("not json")).toBeNull();
    expect(readRecentEmojis('{"a":1}')).toBeNull();
    expect(readRecentEmojis('["🚀"]')).toBeNull();
    expect(readRecentEmojis("[128640]")).toBeNull();
  });

  it("writes emoji as the code points projects store, and reads them back", () => {
    expect(codePointsOf("🚀")).toBe("128640");
    expect(codePointsOf("☝️")).toBe("9757-65039");
    for (const group of EMOJI_GROUPS) {
      for (const [emoji] of group.emojis) expect(emojiOf(codePointsOf(emoji))).toBe(emoji);
    }
  });
});

describe("the built-in sets", () => {
  it("offers over a thousand emoji in named groups", () => {
    const count = EMOJI_GROUPS.reduce((sum, group) => sum + group.emojis.length, 0);
    expect(count).toBeGreaterThan(1500);
    expect(EMOJI_GROUPS.map((group) => group.name)).toContain("Smileys & Emotion");
    // Every emoji fits the project's emoji field: at most 8 code points.
    for (const group of EMOJI_GROUPS) for (const [emoji] of group.emojis) expect(/^\d{1,7}(-\d{1,7}){0,7}$/.test(codePointsOf(emoji))).toBe(true);
  });

  it("draws every icon it names, and nothing else", () => {
    const symbols = [...sprite.matchAll(/<symbol id="([a-z_]+)"/g)].map((match) => match[1]);
    expect(symbols).toEqual([...PROJECT_ICON_NAMES]);
  });

  it("offers the seven icon colours and the grey default", () => {
    expect(ICON_COLORS).toEqual(["#FF6B00", "#8CC1FF", "#FCBE1D", "#18904F", "#ADF672", "#05C3FF", "#000000"]);
    expect(DEFAULT_ICON_COLOR).toBe("#858e96");
  });
});
