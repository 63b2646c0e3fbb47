import { Modal, Switch } from '@arco-design/web-react';
import { tr } from '@gw/web';

interface Props {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  confirmKey?: string;
  disabled?: boolean;
}

/** A switch that asks before turning off; cancelling leaves it on. */
export function ConfirmSwitch({ checked, onChange, confirmKey, disabled }: Props) {
  const change = (next: boolean) => {
    if (next || !confirmKey) return onChange?.(next);
    Modal.confirm({ title: tr(confirmKey), onOk: () => onChange?.(false) });
  };
  return <Switch checked={!!checked} onChange={change} disabled={disabled} />;
}
