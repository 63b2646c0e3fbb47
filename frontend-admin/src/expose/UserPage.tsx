import '../remote-setup';
import './admin.css';
import { UserPage } from '../pages/user/UserPage';

export default UserPage;
