import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { HOME_HERO_IMAGE } from "@tavolo/shared/app-paths";
import { SEO_TEXTS } from "./seo-texts";
import { SHARE_CARD_SIZE, type ShareCard } from "./share-card-content";

/**
 * Draws a share card (decision 028): satori lays out the elements below into an SVG with the Inter
 * font from @fontsource/inter, and resvg rasterises it into a 1200×630 PNG, both without a browser
 * or native build step. The colours are the brand's, as the web app's design tokens name them: a PNG
 * drawn here cannot read the app's CSS variables, so they are written out.
 */

const COLORS = {
  primary: "#c2410c",
  primaryStrong: "#9a3412",
  primarySoft: "#ffedd5",
  cream: "#fff8f0",
  charcoal: "#1f2937",
  warmGrey: "#78716c",
} as const;

const PAD = { top: 56, right: 48, bottom: 48, left: 64 } as const;
/** The illustration on the right, behind a brand-coloured edge. */
const PICTURE_WIDTH = 452;

const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700, subset: "latin" | "latin-ext") =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
// Satori takes the first font of a name for every glyph, so each subset gets its own name: names
// outside Latin-1 (Łódź, Ærø's neighbours, ő) then fall back to the latin-ext file.
const FONTS = ([400, 700] as const).flatMap((weight) =>
  (["latin", "latin-ext"] as const).map((subset) => ({
    name: subset === "latin" ? "Inter" : "Inter latin-ext",
    data: fontFile(weight, subset),
    weight,
    style: "normal" as const,
  })),
);

/** Where the web app's pictures are (its build, else its sources): logo, hero and restaurant illustrations. */
export interface CardPictures {
  /** A picture of the web app's public folder ("/images/hero.svg") as a data URL, or null when absent. */
  dataUrl(publicPath: string): string | null;
}

export function webPictures(dirs: readonly (string | undefined)[]): CardPictures {
  const cache = new Map<string, string | null>();
  return {
    dataUrl(publicPath) {
      if (!cache.has(publicPath)) {
        let found: string | null = null;
        // Only our own files: a path from data never climbs out of the folder.
        const relative = path.posix.normalize(publicPath).replace(/^\/+/, "");
        if (!relative.startsWith("..") && /^[\w./-]+\.svg$/.test(relative)) {
          for (const dir of dirs) {
            if (!dir) continue;
            try {
              const svg = readFileSync(path.join(dir, relative));
              found = `data:image/svg+xml;base64,${svg.toString("base64")}`;
              break;
            } catch {
              // Not in this folder: try the next one.
            }
          }
        }
        cache.set(publicPath, found);
      }
      return cache.get(publicPath) ?? null;
    },
  };
}

type Node = { type: string; props: Record<string, unknown> & { children?: unknown; style?: Record<string, unknown> } };
const h = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { ...props, style, children },
});

/** The PNG bytes of a card. CPU-bound (about a tenth of a second): callers cache by the card's version. */
export async function renderShareCard(card: ShareCard, pictures: CardPictures): Promise<Buffer> {
  const svg = await satori(layout(card, pictures) as never, {
    width: SHARE_CARD_SIZE.width,
    height: SHARE_CARD_SIZE.height,
    fonts: FONTS,
  });
  // Rasterised on a libuv thread: ~100 ms a card that would otherwise stall every request (decision 041).
  return (await renderAsync(svg, { fitTo: { mode: "width", value: SHARE_CARD_SIZE.width } })).asPng();
}

function layout(card: ShareCard, pictures: CardPictures): Node {
  const texts = SEO_TEXTS[card.language];
  const logo = pictures.dataUrl("/logo.svg");
  const picture = pictures.dataUrl(card.kind === "generic" ? HOME_HERO_IMAGE : card.picture);
  const brand = h("div", { display: "flex", alignItems: "center", gap: 18 }, [
    ...(logo ? [h("img", { width: 72, height: 72 }, undefined, { src: logo, width: 72, height: 72 })] : []),
    h("div", { fontSize: 44, fontWeight: 700, color: COLORS.primaryStrong, letterSpacing: -1 }, texts.siteName),
  ]);
  const body =
    card.kind === "generic"
      ? [
          h("div", { fontSize: 68, fontWeight: 700, color: COLORS.charcoal, lineHeight: 1.1 }, texts.tagline),
          h("div", { fontSize: 34, color: COLORS.warmGrey, marginTop: 24 }, texts.cardGenericSubtitle),
        ]
      : [
          h(
            "div",
            {
              fontSize: card.name.length > 28 ? 54 : 66,
              fontWeight: 700,
              color: COLORS.charcoal,
              lineHeight: 1.1,
              lineClamp: 2,
              display: "block",
            },
            card.name,
          ),
          h(
            "div",
            { fontSize: 34, color: COLORS.warmGrey, marginTop: 18 },
            card.kind === "restaurant" && card.cuisines.length > 0
              ? `${card.city} · ${card.cuisines.join(", ")}`
              : card.city,
          ),
          ...(card.kind === "offer"
            ? [
                h("div", { display: "flex", alignItems: "center", gap: 24, marginTop: 34 }, [
                  h(
                    "div",
                    {
                      fontSize: 52,
                      fontWeight: 700,
                      color: "#ffffff",
                      backgroundColor: COLORS.primary,
                      borderRadius: 18,
                      padding: "8px 24px",
                    },
                    card.deal,
                  ),
                  h("div", { display: "flex", flexDirection: "column", fontSize: 30, color: COLORS.charcoal }, [
                    h("div", { fontWeight: 700 }, card.date),
                    h("div", { fontWeight: 700 }, card.time),
                    h("div", { color: COLORS.primaryStrong }, card.bookBy),
                  ]),
                ]),
              ]
            : [
                h(
                  "div",
                  {
                    marginTop: 34,
                    fontSize: 32,
                    fontWeight: 700,
                    color: "#ffffff",
                    backgroundColor: COLORS.primary,
                    borderRadius: 18,
                    padding: "10px 28px",
                  },
                  texts.cardBookTable,
                ),
              ]),
        ];
  return h(
    "div",
    {
      width: SHARE_CARD_SIZE.width,
      height: SHARE_CARD_SIZE.height,
      display: "flex",
      backgroundColor: COLORS.cream,
      fontFamily: "Inter",
    },
    [
      h(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          // Satori sizes the content box: the padding comes on top of width and height.
          padding: `${PAD.top}px ${PAD.right}px ${PAD.bottom}px ${PAD.left}px`,
          width: (picture ? SHARE_CARD_SIZE.width - PICTURE_WIDTH : SHARE_CARD_SIZE.width) - PAD.left - PAD.right,
          height: SHARE_CARD_SIZE.height - PAD.top - PAD.bottom,
        },
        [
          brand,
          h("div", { display: "flex", flexDirection: "column", alignItems: "flex-start" }, body),
          // The generic card says the tagline in large type already.
          h("div", { fontSize: 26, color: COLORS.warmGrey }, card.kind === "generic" ? " " : texts.tagline),
        ],
      ),
      ...(picture
        ? [
            h(
              "div",
              {
                display: "flex",
                width: PICTURE_WIDTH,
                height: SHARE_CARD_SIZE.height,
                backgroundColor: COLORS.primary,
              },
              [
                h(
                  "img",
                  { marginLeft: 12, width: PICTURE_WIDTH - 12, height: SHARE_CARD_SIZE.height, objectFit: "cover" },
                  undefined,
                  {
                    src: picture,
                    width: PICTURE_WIDTH - 12,
                    height: SHARE_CARD_SIZE.height,
                  },
                ),
              ],
            ),
          ]
        : []),
    ],
  );
}
