// lucide's icons are one file: hundreds of bytes each, used on every page; as files of their
// own, a page loaded a dozen of them, each a round trip on a phone (docs/PERFORMANCE.md).
export function manualChunks(id: string): string | undefined {
  if (id.includes('/node_modules/lucide-react/')) return 'icons';
  return undefined;
}
