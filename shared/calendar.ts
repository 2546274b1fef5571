/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30); kept apart so checking one costs no time-zone code. */
export const isCalendarDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};
