import Koa from 'koa';

/** The reference of `bench:api`: one Koa 3 route answering a small JSON body, on the same Node, nothing else; the port is the first argument. */
const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: 'world' };
});
app.listen(Number(process.argv[2] ?? 3999), '127.0.0.1');
