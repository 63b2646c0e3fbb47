import '../remote-setup';
import './user.css';
import { LogPage } from '../pages/log/LogPage';

export default LogPage;
