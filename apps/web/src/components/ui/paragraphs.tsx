/** A message whose paragraphs are separated by blank lines (the privacy, terms and help texts). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split("\n\n").map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>
  );
}
