/**
 * `useHashScroll(id, ready)`: when the page's address ends in `#<id>` (a notice or a link led here),
 * brings the element with that id into view once `ready` (its content loaded, so it has its height).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function useHashScroll(id: string, ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${id}` && ready) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash, id, ready]);
}
