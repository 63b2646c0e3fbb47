import '../remote-setup';
import './user.css';
import { TokenPage } from '../pages/token/TokenPage';

export default TokenPage;
