// The first-load budget's peer: a blank React 19 app, one element rendered with react-dom/client.
import { createRoot } from 'react-dom/client';

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');
createRoot(container).render(<p>Blank React app</p>);
