import type { ReactNode } from 'react';
import { Anchor } from '@arco-design/web-react';
import { useIsMobile } from '@gw/web';

export interface NavItem {
  /** The id of the section's card (sectionId). */
  id: string;
  title: string;
}

/** The element id a section's card carries, the target of its navigation link. */
export const sectionId = (key: string) => `setting-section-${key}`;

/** Below the top bar (60 px) with a little air. */
const OFFSET = 76;
/** Fewer sections than this fit on a screen or two: no navigation. */
const MIN_SECTIONS = 3;

/**
 * A settings tab's sections with a navigation to each (docs/console.md#settings-navigation): a list beside
 * them that stays in view on a wide screen, a bar across the top on a phone.
 */
export function SectionNav({ items, children }: { items: NavItem[]; children: ReactNode }) {
  const mobile = useIsMobile();
  if (items.length < MIN_SECTIONS) return <>{children}</>;
  const anchor = (
    <Anchor
      className="gw-section-nav"
      hash={false}
      affix={!mobile}
      offsetTop={OFFSET}
      // A section comes to rest this far below the window's top (under the top bar and, on a phone, this bar).
      boundary={mobile ? OFFSET + 40 : OFFSET}
      targetOffset={mobile ? OFFSET + 60 : OFFSET + 20}
      direction={mobile ? 'horizontal' : 'vertical'}
      lineless={mobile}
    >
      {items.map((i) => (
        <Anchor.Link key={i.id} href={`#${i.id}`} title={i.title} />
      ))}
    </Anchor>
  );
  if (mobile)
    return (
      <>
        <div className="gw-section-nav-bar">{anchor}</div>
        {children}
      </>
    );
  return (
    <div className="gw-setting-body">
      <div className="gw-setting-sections">{children}</div>
      <div className="gw-setting-nav">{anchor}</div>
    </div>
  );
}
