/** Hands a text to the browser as a file download. */
export function download(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has taken its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url));
}
