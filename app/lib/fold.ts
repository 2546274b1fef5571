/** Lower case without accents, so "svratka" finds "Svratka" and "zdar" finds "Žďár" whatever the keyboard. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
