import '../remote-setup';
import { PersonalPage } from '../pages/personal/PersonalPage';

export default PersonalPage;
