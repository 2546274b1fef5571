/**
 * A share page's title: what its loader read (the link's or the station's name), never the address with its secret.
 * Apart from the share frame: a route's `head` loads with the app's entry, the frame only with its page.
 */
export const shareHead = ({ loaderData }: { loaderData?: { title: string } }) => ({
  meta: [{ title: loaderData ? `${loaderData.title} | Hladina` : 'Hladina' }],
});
