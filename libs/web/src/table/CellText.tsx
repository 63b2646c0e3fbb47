import type { ReactNode } from 'react';
import { Button, Tooltip } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { copyText } from '../clipboard';
import { formatTimestamp } from '../format';
import { tr } from '../i18n';

interface Props {
  /** The full value: the tooltip and, with `copy`, what is copied unless `copy` is a string. */
  text: string;
  /** A copy button after the value (true: copies `text`; a string: copies that instead). */
  copy?: boolean | string;
  /** What the cell shows when not the text itself (a masked key). */
  children?: ReactNode;
  /** The copy toast (default: 已复制：{text}). */
  copiedText?: string;
  className?: string;
  /** A class of the copy button besides gw-cell-copy. */
  copyClassName?: string;
}

/**
 * A table value that never widens its column: one line, cut with an ellipsis, the full value in a tooltip and
 * optionally a copy button (docs/console.md#tables).
 */
export function CellText({ text, copy, children, copiedText, className, copyClassName }: Props) {
  const value = typeof copy === 'string' ? copy : text;
  return (
    <span className={`gw-cell-text${className ? ` ${className}` : ''}`}>
      <Tooltip content={text} disabled={!text}>
        <span className="gw-cell-ellipsis">{children ?? text}</span>
      </Tooltip>
      {copy ? (
        <Button size="mini" type="text" className={`gw-cell-copy${copyClassName ? ` ${copyClassName}` : ''}`} aria-label={tr('common.copy')} icon={<IconCopy />} onClick={() => void copyText(value, copiedText)} />
      ) : null}
    </span>
  );
}

/** A date and time that breaks between the two on a narrow column instead of spilling. */
export function CellTime({ seconds, text }: { seconds: number; text?: string }) {
  return <span className="gw-cell-time">{text ?? formatTimestamp(seconds)}</span>;
}
