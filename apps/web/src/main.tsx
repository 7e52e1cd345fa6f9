import './styles.css';
import { startApp } from './app/start-app.tsx';

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');
void startApp(container);
