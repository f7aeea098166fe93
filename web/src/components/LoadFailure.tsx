import { WarningIcon } from './icons';

/**
 * Data that could not be loaded: what failed (and why), announced at once, with Try again. `isCompact` is
 * for a section of a page: its title is not a heading and its button is small.
 */
export function LoadFailure({
  title,
  message,
  isCompact = false,
  onRetry,
}: {
  title: string;
  message?: string;
  isCompact?: boolean;
  onRetry: () => void;
}) {
  const Title = isCompact ? 'p' : 'h2';
  return (
    <div className="notice notice--error" role="alert">
      <WarningIcon size={24} />
      <div>
        <Title className="notice__title">{title}</Title>
        {message ? <p>{message}</p> : null}
        <button
          type="button"
          className={isCompact ? 'button button--primary button--small' : 'button button--primary'}
          onClick={onRetry}
        >
          Try again
        </button>
      </div>
    </div>
  );
}
