import { useEffect, useState } from 'react';
import { Descriptions, Modal, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota, type UserView } from '@gw/shared';
import { quotaDisplay, useStatus } from '@gw/web';
import { userInfo } from './log-api';

/** Admins: username, balance, used quota and request count of a log row's user (GET /api/user/{id}). */
export function UserInfoModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const [user, setUser] = useState<UserView | null>(null);
  useEffect(() => {
    setUser(null);
    if (userId === null) return;
    userInfo(userId).then(setUser, onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  return (
    <Modal visible={userId !== null} title={t('log.user_info')} footer={null} onCancel={onClose} className="gw-user-info">
      {!user ? (
        <Spin />
      ) : (
        <Descriptions
          column={1}
          data={[
            { label: t('log.username'), value: user.username },
            { label: t('log.user_balance'), value: renderQuota(user.quota, display) },
            { label: t('log.user_used'), value: renderQuota(user.used_quota, display) },
            { label: t('log.user_requests'), value: user.request_count },
          ]}
        />
      )}
    </Modal>
  );
}
