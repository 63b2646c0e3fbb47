import { useState } from 'react';
import { Button, Message, type FormInstance } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { fieldName } from '../option-save';

/** Fetches the OIDC well-known document from the browser and fills the three endpoints. */
export function FetchWellKnown({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const fetchConfig = async () => {
    const url = String(form.getFieldValue(fieldName('oidc.well_known')) ?? '').trim();
    if (!/^https?:\/\//i.test(url)) return void Message.error(t('setting.must_be_url'));
    setLoading(true);
    try {
      const res = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      const doc = (await res.json()) as Record<string, unknown>;
      form.setFieldsValue({
        [fieldName('oidc.authorization_endpoint')]: String(doc.authorization_endpoint ?? ''),
        [fieldName('oidc.token_endpoint')]: String(doc.token_endpoint ?? ''),
        [fieldName('oidc.user_info_endpoint')]: String(doc.userinfo_endpoint ?? ''),
      });
      Message.success(t('setting.oidc_fetched'));
    } catch {
      Message.error(t('setting.oidc_fetch_failed'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button loading={loading} onClick={() => void fetchConfig()} style={{ marginBottom: 16 }}>
      {t('setting.oidc_fetch')}
    </Button>
  );
}
