/**
 * Tiny line-art icons for generated images, each drawn in a 200×200 box with a main colour (m)
 * and a light colour (l). Simple shapes only: they make the placeholders recognisable.
 */

export const ICON_KINDS = [
  "phone",
  "battery",
  "cable",
  "watch",
  "earbuds",
  "camera",
  "laptop",
  "monitor",
  "tablet",
  "mouse",
  "keyboard",
  "printer",
  "pen",
  "book",
  "fridge",
  "washer",
  "ac",
  "pot",
  "blender",
  "vacuum",
  "purifier",
  "fan",
  "hairdryer",
  "toothbrush",
  "dress",
  "shirt",
  "jacket",
  "shoe",
  "boot",
  "bag",
  "suitcase",
  "bottle",
  "lipstick",
  "perfume",
  "snack",
  "fruit",
  "cup",
  "sack",
  "babybottle",
  "diaper",
  "blocks",
  "bear",
  "car",
  "bed",
  "towel",
  "pan",
  "knife",
  "flask",
  "sofa",
  "chair",
  "lamp",
  "tent",
  "mat",
  "dumbbell",
  "bike",
  "helmet",
  "guitar",
  "can",
  "wiper",
  "pill",
  "heart",
  "mask",
  "gift",
  "store",
  "star",
  "giftcard",
  "ticket",
] as const;
export type IconKind = (typeof ICON_KINDS)[number];

type Draw = (m: string, l: string) => string;

const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const path = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;
const stroke = (d: string, color: string, w: number) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

const ICONS: Record<IconKind, Draw> = {
  phone: (m, l) => rect(60, 20, 80, 160, 14, m) + rect(68, 36, 64, 118, 4, l) + circle(100, 167, 6, l),
  battery: (m, l) =>
    rect(50, 40, 100, 130, 16, m) +
    rect(62, 54, 76, 70, 6, l) +
    path("M104 62 84 96h14l-6 22 22-36h-14z", m) +
    rect(64, 140, 10, 14, 3, l) +
    rect(80, 140, 10, 14, 3, l),
  cable: (m, l) =>
    stroke("M40 160c0-60 40-40 60-80s40-40 60-30", m, 10) +
    rect(140, 30, 30, 40, 6, m) +
    rect(148, 20, 14, 14, 2, l) +
    rect(28, 150, 26, 36, 6, m),
  watch: (m, l) =>
    rect(76, 10, 48, 40, 8, m) +
    rect(76, 150, 48, 40, 8, m) +
    rect(56, 46, 88, 108, 24, m) +
    rect(66, 56, 68, 88, 16, l) +
    stroke("M100 80v22l14 10", m, 6),
  earbuds: (m, l) =>
    rect(40, 90, 120, 80, 30, m) +
    rect(52, 102, 96, 10, 5, l) +
    circle(74, 60, 22, m) +
    circle(126, 60, 22, m) +
    rect(70, 60, 10, 40, 5, m) +
    rect(120, 60, 10, 40, 5, m) +
    circle(74, 60, 10, l) +
    circle(126, 60, 10, l),
  camera: (m, l) =>
    rect(20, 60, 160, 110, 16, m) +
    rect(60, 40, 50, 30, 6, m) +
    circle(100, 115, 38, l) +
    circle(100, 115, 24, m) +
    circle(150, 80, 7, l),
  laptop: (m, l) => rect(40, 40, 120, 90, 8, m) + rect(50, 50, 100, 70, 3, l) + path("M20 140h160l-14 22H34z", m),
  monitor: (m, l) =>
    rect(20, 30, 160, 110, 10, m) +
    rect(30, 40, 140, 88, 4, l) +
    rect(90, 140, 20, 24, 0, m) +
    rect(60, 162, 80, 10, 5, m),
  tablet: (m, l) => rect(36, 30, 128, 150, 16, m) + rect(46, 42, 108, 124, 6, l) + circle(100, 36, 3, l),
  mouse: (m, l) => rect(60, 30, 80, 140, 40, m) + stroke("M100 34v44", l, 6) + rect(94, 50, 12, 20, 6, l),
  keyboard: (m, l) =>
    rect(14, 60, 172, 90, 12, m) +
    [0, 1, 2, 3, 4, 5, 6]
      .map((i) => rect(26 + i * 22, 74, 16, 14, 3, l) + rect(26 + i * 22, 96, 16, 14, 3, l))
      .join("") +
    rect(50, 120, 100, 14, 4, l),
  printer: (m, l) =>
    rect(60, 20, 80, 50, 4, l) +
    rect(24, 60, 152, 80, 14, m) +
    rect(56, 120, 88, 64, 4, l) +
    circle(152, 84, 7, l) +
    stroke("M70 146h60M70 162h44", m, 5),
  pen: (m, l) =>
    path("M140 20l40 40-96 96-52 12 12-52z", m) + path("M44 148l8-30 30 30z", l) + stroke("M126 34l40 40", l, 6),
  book: (m, l) =>
    path("M30 40c30-14 50-14 70 0v136c-20-14-40-14-70 0z", m) +
    path("M170 40c-30-14-50-14-70 0v136c20-14 40-14 70 0z", m) +
    stroke("M44 70c16-6 30-6 44 0M44 96c16-6 30-6 44 0M112 70c16-6 30-6 44 0", l, 5),
  fridge: (m, l) =>
    rect(50, 10, 100, 180, 12, m) + rect(56, 74, 88, 4, 0, l) + rect(130, 30, 8, 30, 4, l) + rect(130, 90, 8, 40, 4, l),
  washer: (m, l) =>
    rect(34, 20, 132, 160, 14, m) +
    rect(44, 30, 112, 22, 4, l) +
    circle(100, 114, 46, l) +
    circle(100, 114, 32, m) +
    circle(138, 41, 6, m),
  ac: (m, l) =>
    rect(14, 50, 172, 70, 16, m) +
    rect(30, 96, 140, 8, 4, l) +
    circle(160, 70, 5, l) +
    stroke("M50 138c10 10 0 20 10 30M100 138c10 10 0 20 10 30M150 138c10 10 0 20 10 30", m, 5),
  pot: (m, l) =>
    path("M30 80h140v70c0 20-16 30-36 30H66c-20 0-36-10-36-30z", m) +
    rect(22, 64, 156, 20, 10, m) +
    rect(86, 46, 28, 22, 8, m) +
    rect(56, 110, 88, 8, 4, l),
  blender: (m, l) =>
    path("M60 20h80l-10 110H70z", m) +
    path("M72 32h56l-8 86H80z", l) +
    rect(54, 130, 92, 56, 12, m) +
    circle(100, 158, 10, l),
  vacuum: (m, l) =>
    stroke("M140 20 80 150", m, 12) +
    rect(116, 14, 40, 50, 12, m) +
    path("M40 150h80l10 24H30z", m) +
    rect(126, 26, 20, 8, 4, l),
  purifier: (m, l) =>
    rect(50, 16, 100, 170, 30, m) +
    [0, 1, 2, 3, 4].map((i) => rect(68, 50 + i * 22, 64, 8, 4, l)).join("") +
    circle(100, 30, 5, l),
  fan: (m, l) =>
    circle(100, 80, 66, m) +
    circle(100, 80, 56, l) +
    path(
      "M100 80c-10-30 0-46 16-44s10 30-16 44zm0 0c30-6 44 6 40 22s-30 8-40-22zm0 0c-20 24-38 24-44 8s16-24 44-8z",
      m,
    ) +
    rect(94, 146, 12, 30, 4, m) +
    rect(64, 174, 72, 12, 6, m),
  hairdryer: (m, l) =>
    rect(30, 40, 110, 70, 35, m) +
    rect(136, 54, 40, 42, 8, m) +
    rect(70, 100, 34, 86, 12, m) +
    circle(75, 75, 20, l) +
    rect(80, 130, 14, 24, 6, l),
  toothbrush: (m, l) =>
    rect(84, 60, 32, 130, 14, m) + rect(92, 10, 16, 60, 8, m) + rect(88, 14, 24, 28, 4, l) + circle(100, 110, 7, l),
  dress: (m, l) => path("M76 20h48l-8 40 44 120H40l44-120z", m) + rect(84, 56, 32, 10, 5, l),
  shirt: (m, l) =>
    path("M70 24 30 48l16 36 20-10v106h68V74l20 10 16-36-40-24c-6 16-18 24-30 24s-24-8-30-24z", m) +
    stroke("M100 60v110", l, 4),
  jacket: (m, l) =>
    path("M70 20 24 44l10 130h44V80h44v94h44l10-130-46-24c-4 14-16 24-30 24s-26-10-30-24z", m) +
    stroke("M100 50v130", l, 5) +
    rect(52, 110, 18, 6, 3, l) +
    rect(130, 110, 18, 6, 3, l),
  shoe: (m, l) =>
    path("M20 120c0-30 14-60 30-60 10 20 40 26 60 20l60 36c10 6 14 18 10 28H20z", m) +
    rect(20, 146, 160, 14, 7, l) +
    stroke("M76 84l12 12M90 78l12 12", l, 5),
  boot: (m, l) => path("M60 20h60v100l50 20c10 4 14 14 14 26H40V30c0-6 6-10 20-10z", m) + rect(40, 160, 144, 14, 7, l),
  bag: (m, l) => rect(36, 50, 128, 130, 24, m) + stroke("M70 50c0-44 60-44 60 0", m, 10) + rect(60, 110, 80, 40, 10, l),
  suitcase: (m, l) =>
    rect(50, 40, 100, 130, 14, m) +
    rect(82, 16, 36, 28, 6, m) +
    rect(90, 24, 20, 20, 3, l) +
    stroke("M80 60v90M120 60v90", l, 6) +
    circle(70, 182, 8, m) +
    circle(130, 182, 8, m),
  bottle: (m, l) => rect(80, 14, 40, 30, 6, m) + rect(50, 40, 100, 146, 24, m) + rect(66, 80, 68, 60, 8, l),
  lipstick: (m, l) => rect(70, 110, 60, 76, 8, m) + rect(78, 70, 44, 44, 4, l) + path("M80 70V36l40-20v54z", m),
  perfume: (m, l) =>
    rect(86, 20, 28, 30, 4, m) +
    rect(40, 56, 120, 124, 30, m) +
    rect(60, 90, 80, 50, 10, l) +
    rect(80, 44, 40, 16, 4, m),
  snack: (m, l) =>
    path(
      "M44 20h112l-10 20 10 20-10 20 10 20-10 20 10 20-10 20 10 20H44l10-20-10-20 10-20-10-20 10-20-10-20 10-20z",
      m,
    ) + circle(100, 100, 34, l),
  fruit: (m, l) =>
    circle(100, 112, 66, m) +
    stroke("M100 48c0-18 10-30 24-36", m, 8) +
    path("M106 40c20-24 46-16 50-8-18 14-36 16-50 8z", m) +
    circle(76, 96, 14, l),
  cup: (m, l) =>
    path("M40 60h110l-12 116H52z", m) +
    stroke("M150 80c30 0 30 50 0 50", m, 10) +
    stroke("M70 20c-10 12 10 18 0 30M100 20c-10 12 10 18 0 30", m, 6) +
    rect(56, 90, 78, 12, 6, l),
  sack: (m, l) =>
    path("M60 30h80l-10 30c40 20 46 60 40 110H30c-6-50 0-90 40-110z", m) +
    rect(66, 24, 68, 14, 7, m) +
    rect(64, 110, 72, 36, 8, l),
  babybottle: (m, l) =>
    path("M90 10h20l10 30H80z", m) +
    rect(70, 36, 60, 18, 6, m) +
    rect(64, 54, 72, 130, 20, m) +
    [0, 1, 2].map((i) => rect(74, 80 + i * 28, 26, 6, 3, l)).join(""),
  diaper: (m, l) =>
    path("M20 50h160c0 70-30 110-80 110S20 120 20 50z", m) + rect(20, 50, 160, 24, 6, l) + circle(100, 110, 16, l),
  blocks: (m, l) =>
    rect(30, 110, 70, 60, 6, m) +
    rect(100, 110, 70, 60, 6, m) +
    rect(64, 50, 70, 60, 6, m) +
    [46, 84, 116, 154].map((x) => rect(x - 8, 98, 16, 12, 3, m)).join("") +
    rect(76, 38, 16, 12, 3, m) +
    rect(106, 38, 16, 12, 3, m) +
    rect(80, 64, 38, 10, 5, l),
  bear: (m, l) =>
    circle(56, 50, 24, m) +
    circle(144, 50, 24, m) +
    circle(100, 100, 66, m) +
    circle(100, 120, 26, l) +
    circle(78, 90, 8, l) +
    circle(122, 90, 8, l) +
    circle(100, 112, 8, m),
  car: (m, l) =>
    path("M20 120l20-50h120l20 50v40H20z", m) +
    path("M52 80h96l12 32H40z", l) +
    circle(56, 160, 18, m) +
    circle(144, 160, 18, m) +
    circle(56, 160, 8, l) +
    circle(144, 160, 8, l),
  bed: (m, l) =>
    rect(20, 60, 24, 120, 6, m) +
    rect(20, 110, 160, 50, 8, m) +
    rect(50, 90, 50, 26, 10, l) +
    rect(20, 156, 10, 30, 3, m) +
    rect(170, 120, 10, 66, 3, m),
  towel: (m, l) =>
    rect(40, 30, 120, 150, 10, m) +
    rect(40, 140, 120, 12, 0, l) +
    rect(40, 160, 120, 6, 0, l) +
    rect(30, 22, 140, 16, 8, m),
  pan: (m, l) => circle(84, 110, 66, m) + circle(84, 110, 50, l) + stroke("M146 84l44-34", m, 16),
  knife: (m, l) =>
    path("M30 130 150 30c14 10 16 30 4 44l-84 70z", l) +
    stroke("M30 130 150 30c14 10 16 30 4 44l-84 70z", m, 6) +
    rect(40, 130, 60, 26, 10, m),
  flask: (m, l) => rect(74, 12, 52, 26, 8, m) + rect(64, 36, 72, 150, 20, m) + rect(76, 70, 48, 70, 10, l),
  sofa: (m, l) =>
    rect(30, 60, 140, 70, 20, m) +
    rect(14, 90, 36, 70, 14, m) +
    rect(150, 90, 36, 70, 14, m) +
    rect(40, 120, 120, 40, 8, m) +
    rect(50, 100, 100, 20, 8, l) +
    rect(30, 158, 10, 20, 3, m) +
    rect(160, 158, 10, 20, 3, m),
  chair: (m, l) =>
    rect(56, 14, 88, 90, 24, m) +
    rect(66, 26, 68, 64, 16, l) +
    rect(46, 100, 108, 26, 12, m) +
    rect(94, 126, 12, 36, 0, m) +
    stroke("M56 180l44-18 44 18", m, 10),
  lamp: (m, l) =>
    path("M60 20h80l30 60H30z", m) +
    rect(94, 80, 12, 80, 4, m) +
    rect(56, 160, 88, 20, 8, m) +
    path("M50 80h100l-20 20H70z", l),
  tent: (m, l) =>
    path("M100 20 180 170H20z", m) + path("M100 80 130 170H70z", l) + stroke("M100 20 80 8M100 20l20-12", m, 6),
  mat: (m, l) =>
    rect(30, 40, 110, 140, 12, m) +
    circle(150, 150, 34, m) +
    circle(150, 150, 18, l) +
    stroke("M50 70h70M50 100h70M50 130h70", l, 6),
  dumbbell: (m, l) =>
    rect(20, 60, 30, 80, 8, m) +
    rect(150, 60, 30, 80, 8, m) +
    rect(44, 76, 20, 48, 6, m) +
    rect(136, 76, 20, 48, 6, m) +
    rect(64, 92, 72, 16, 8, l) +
    stroke("M64 100h72", m, 4),
  bike: (m, l) =>
    circle(50, 130, 36, m) +
    circle(150, 130, 36, m) +
    circle(50, 130, 24, l) +
    circle(150, 130, 24, l) +
    stroke("M50 130l36-56h50l14 56M86 74l-10-20h-20M136 74l-6-26h20M86 74l30 56", m, 8),
  helmet: (m, l) =>
    path("M20 130c0-60 40-100 90-100s70 40 70 100z", m) +
    rect(20, 124, 160, 16, 8, m) +
    path("M60 60h30l-6 40H56zM104 56h30l4 44h-32z", l),
  guitar: (m, l) =>
    circle(80, 130, 46, m) +
    circle(116, 96, 34, m) +
    circle(90, 120, 14, l) +
    stroke("M116 96 176 24", m, 10) +
    rect(164, 10, 24, 24, 4, m),
  can: (m, l) => rect(46, 36, 108, 150, 10, m) + rect(110, 14, 36, 26, 4, m) + rect(62, 80, 76, 60, 8, l),
  wiper: (m, l) => stroke("M30 160 170 40", m, 12) + stroke("M44 172 184 52", l, 6) + circle(30, 160, 14, m),
  pill: (m, l) =>
    rect(60, 20, 80, 160, 40, m) +
    rect(60, 100, 80, 80, 0, l) +
    rect(60, 100, 80, 80, 40, l) +
    rect(60, 96, 80, 8, 0, m),
  heart: (m, l) =>
    path("M100 176 30 104c-30-32-10-80 30-80 20 0 32 10 40 24 8-14 20-24 40-24 40 0 60 48 30 80z", m) +
    stroke("M50 100h28l10-20 14 40 10-20h34", l, 8),
  mask: (m, l) =>
    path("M40 60c40-16 80-16 120 0v70c-40 30-80 30-120 0z", m) +
    stroke("M40 70C10 70 10 120 40 120M160 70c30 0 30 50 0 50", m, 6) +
    stroke("M60 86h80M60 106h80", l, 5),
  gift: (m, l) =>
    rect(30, 80, 140, 100, 8, m) +
    rect(20, 56, 160, 34, 6, m) +
    rect(92, 56, 16, 124, 0, l) +
    stroke("M100 56c-20-40-56-30-40 0M100 56c20-40 56-30 40 0", m, 8),
  store: (m, l) =>
    path("M20 70 40 24h120l20 46z", m) +
    rect(30, 80, 140, 100, 6, m) +
    rect(50, 110, 40, 70, 4, l) +
    rect(106, 110, 46, 36, 4, l),
  star: (m) => path("M100 14l24 58 62 4-48 40 16 62-54-34-54 34 16-62-48-40 62-4z", m),
  giftcard: (m, l) =>
    rect(16, 50, 168, 108, 12, m) +
    rect(16, 92, 168, 14, 0, l) +
    rect(56, 50, 14, 108, 0, l) +
    stroke("M63 92c-26-30-52-14-30 4M63 92c26-30 52-14 30 4", l, 7) +
    rect(112, 128, 56, 10, 5, l),
  ticket: (m, l) =>
    path("M16 52h168v34a18 18 0 0 0 0 36v34H16v-34a18 18 0 0 0 0-36z", m) +
    stroke("M132 62v12M132 88v12M132 114v12M132 140v8", l, 6) +
    rect(40, 78, 72, 12, 6, l) +
    rect(40, 104, 52, 12, 6, l),
};

/** The icon's SVG elements inside a 200×200 box. */
export function drawIcon(kind: IconKind, main: string, light: string): string {
  return ICONS[kind](main, light);
}
