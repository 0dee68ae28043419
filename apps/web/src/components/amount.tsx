/**
 * A figure such as 'ETB 125,000.00' in a narrow card: it may wrap between the currency and the number, never
 * inside the number (the formatter joins them with a no-break space, which would otherwise break the digits).
 */
export function Amount({ text }: { text: string }) {
  const words = text.split(/\s+/u);
  return (
    <>
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed text, in order
        <span key={index} className="whitespace-nowrap">
          {index > 0 && ' '}
          {word}
        </span>
      ))}
    </>
  );
}
