/** Reading a page's raw HTML without a browser, as a crawler or a link preview does. */

/** Named and numeric character references, as a browser reads them in attribute values. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The attributes of every `<tag ...>` in the HTML (values unescaped for &amp; and &quot;). */
export function tagsOf(html: string, tag: string): Record<string, string>[] {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, "gi")) ?? [];
  return tags.map((text) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of text.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      attributes[name!.toLowerCase()] = unescapeHtml(value!);
    }
    return attributes;
  });
}

export function metaContent(html: string, key: string): string | undefined {
  return tagsOf(html, "meta").find((meta) => meta.property === key || meta.name === key)?.content;
}

export function textOf(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "i").exec(html);
  return match?.[1] === undefined ? undefined : unescapeHtml(match[1].replace(/<[^>]+>/g, "")).trim();
}

/** Every JSON-LD block's objects (a @graph is flattened). */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap(([, json]) => {
    const data = JSON.parse(json!) as Record<string, unknown> | Record<string, unknown>[];
    const items = Array.isArray(data) ? data : [data];
    return items.flatMap((item) =>
      Array.isArray(item["@graph"]) ? (item["@graph"] as Record<string, unknown>[]) : [item],
    );
  });
}

/** Width and height of a PNG or JPEG, from its header; null for anything else. */
export function imageSize(bytes: Buffer): { type: "png" | "jpeg"; width: number; height: number } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      // Start of frame (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { type: "jpeg", height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}
