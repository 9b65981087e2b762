/**
 * Small generated product images (SVG, a few hundred bytes each): a tinted square with a simple
 * shape and the product's short name, so demo shops look like shops without shipping photos.
 */
function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SHAPES = [
  (c: string) =>
    `<rect x="105" y="70" width="90" height="130" rx="18" fill="${c}"/><rect x="125" y="45" width="50" height="30" rx="6" fill="${c}" opacity=".7"/>`,
  (c: string) =>
    `<circle cx="150" cy="130" r="62" fill="${c}"/><circle cx="150" cy="130" r="30" fill="#fff" opacity=".35"/>`,
  (c: string) =>
    `<rect x="90" y="95" width="120" height="90" rx="45" fill="${c}"/><rect x="138" y="55" width="24" height="45" rx="8" fill="${c}" opacity=".7"/>`,
  (c: string) => `<path d="M150 55 L215 185 H85 Z" fill="${c}"/>`,
];

export function productSvg(label: string, hue: number, variant: number): string {
  const bg = `hsl(${hue} 55% 92%)`;
  const fg = `hsl(${hue} 45% 55%)`;
  const shape = SHAPES[variant % SHAPES.length]!(fg);
  const text = escapeXml(label.length > 9 ? `${label.slice(0, 9)}…` : label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300"><rect width="300" height="300" fill="${bg}"/>${shape}<text x="150" y="250" font-family="sans-serif" font-size="19" font-weight="700" text-anchor="middle" fill="hsl(${hue} 35% 30%)">${text}</text></svg>`;
}

export function logoSvg(name: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40"><circle cx="20" cy="20" r="14" fill="#fff"/><circle cx="20" cy="20" r="7" fill="${colour}"/><text x="42" y="27" font-family="sans-serif" font-size="18" font-weight="700" fill="#fff">${escapeXml(name)}</text></svg>`;
}
