import { LinkIcon } from 'lucide-react';
import { publicLinkMessages } from '@portal/domain';

/** The one answer for a wrong, expired or revoked link: nothing says whether it ever existed. */
export function InvalidLink() {
  return (
    <div className="mt-10 flex flex-col items-center text-center">
      <LinkIcon aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="mt-4 text-xl font-semibold">{publicLinkMessages.invalid}</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600 dark:text-slate-400">{publicLinkMessages.invalidHint}</p>
    </div>
  );
}
