import type { ReactNode } from 'react';

const LINK = /<link>(.*?)<\/link>/;

/**
 * A translated sentence with one link in it: the text marks the linked words `<link>…</link>`, so
 * each language puts them where its grammar wants ("accept the <link>terms</link>",
 * "<link>利用規約</link>に同意します"). Without the marks the whole text is returned as it is.
 */
export function LinkedText({ text, link }: { text: string; link: (words: string) => ReactNode }) {
  const match = LINK.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.index)}
      {link(match[1]!)}
      {text.slice(match.index + match[0].length)}
    </>
  );
}
