/**
 * A registration shown as a UK number plate: yellow (rear) or white (front), bold condensed capitals,
 * with the blue UK identifier strip (drawn by CSS, so the element's text is only the registration). A current-style registration gets the plate's gap before its last
 * three characters as spacing only, so the text itself stays exactly the registration ("AB12CDE").
 */
export function NumberPlate({
  registration,
  variant = 'rear',
  size = 'md',
}: {
  registration: string;
  variant?: 'rear' | 'front';
  size?: 'sm' | 'md' | 'lg';
}) {
  const text = registration.toUpperCase();
  const hasCurrentFormat = /^[A-Z]{2}\d{2}[A-Z]{3}$/.test(text);
  return (
    <span className={`number-plate number-plate--${variant} number-plate--${size}`}>
      <span className="number-plate__band" aria-hidden="true" />
      <span className="number-plate__text">
        {hasCurrentFormat ? (
          <>
            {text.slice(0, 4)}
            <span className="number-plate__gap">{text.slice(4)}</span>
          </>
        ) : (
          text
        )}
      </span>
    </span>
  );
}
