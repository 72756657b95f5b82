import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { navigate } from '../lib/location';

interface AuthLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link between auth pages: a real <a href>, followed in place on a plain click. */
export function AuthLink({ to, onClick, ...rest }: AuthLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} onClick={handleClick} {...rest} />;
}
