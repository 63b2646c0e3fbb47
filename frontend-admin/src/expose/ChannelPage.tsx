import '../remote-setup';
import './admin.css';
import { ChannelPage } from '../pages/channel/ChannelPage';

export default ChannelPage;
