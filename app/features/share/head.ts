/**
 * A share page's title: what its loader read (the link's or the station's name), never the address with its secret;
 * and, besides the Worker's `X-Robots-Tag`, a robots tag that keeps the page out of search indexes. Apart from the
 * share frame: a route's `head` loads with the app's entry, the frame only with its page.
 */
export const shareHead = ({ loaderData }: { loaderData?: { title: string } }) => ({
  meta: [{ title: loaderData ? `${loaderData.title} | Hladina` : 'Hladina' }, notIndexed],
});

const notIndexed = { name: 'robots', content: 'noindex, nofollow' };

/** An embed's head: no title of its own (it sits in a host's page), only the robots tag. */
export const embedHead = () => ({ meta: [notIndexed] });
