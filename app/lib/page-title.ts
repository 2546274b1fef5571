/** SPEC §2: the path's first segment with a capital letter, then the system name ("/all-items" → "All-items | Hladina"). */
export function pageTitle(pathname: string) {
  const segment = pathname.split('/').find(Boolean);
  return segment ? `${segment[0].toUpperCase()}${segment.slice(1)} | Hladina` : 'Hladina';
}
