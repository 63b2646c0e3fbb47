import { Input, Message, Modal } from '@arco-design/web-react';
import { tr } from './i18n';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the legacy path */
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** Shows the text in a dialog when the clipboard is unavailable. */
export function showCopyFallback(text: string): void {
  Modal.info({
    title: tr('common.copy_failed'),
    content: <Input.TextArea value={text} readOnly autoSize={{ minRows: 2, maxRows: 6 }} onFocus={(e) => e.target.select()} />,
    okText: tr('common.close'),
  });
}

/**
 * Copies text; on success shows `successText` (default 已复制：{text}), otherwise the manual-copy
 * dialog. Resolves to whether the clipboard took it.
 */
export async function copyText(text: string, successText?: string): Promise<boolean> {
  const ok = await writeClipboard(text);
  if (ok) Message.success(successText ?? tr('common.copied', { text }));
  else showCopyFallback(text);
  return ok;
}
