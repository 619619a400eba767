import { Video } from 'lucide-react';

/** The appointment's video-call link, opened in a new tab. */
export function MeetLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex max-w-full items-center gap-1.5 text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
    >
      <Video aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{url}</span>
    </a>
  );
}
