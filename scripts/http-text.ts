/** A request whose answer is read whole as text, for the benches' own calls (loopback only). */
import http from 'node:http';

export function requestText(url: string, method: string, headers: Record<string, string>, body: string, agent: http.Agent) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
