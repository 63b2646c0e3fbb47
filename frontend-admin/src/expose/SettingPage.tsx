import '../remote-setup';
import './admin.css';
import { SettingPage } from '../pages/setting/SettingPage';

export default SettingPage;
