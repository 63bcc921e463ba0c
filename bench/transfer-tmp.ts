import { measureTransfer } from './src/web';
const r = await measureTransfer('/usr/bin/chromium', process.argv[2]!, '/home', 'Total Rides');
console.log(JSON.stringify(r));
