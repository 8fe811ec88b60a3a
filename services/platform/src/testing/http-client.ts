/**
 * A vitest setup file for the tests that call the running system over HTTP (integration, faults): the
 * tests' `fetch` gives up a connection idle for 10 s. The gateway and the services keep an idle
 * connection open for 72 s (above a load balancer's 60, so the balancer closes first) and say so in
 * `Keep-Alive: timeout=72`; undici would keep its end for 71 s, on timers of about a second's grain, so a
 * request sent on a connection idle for about 72 s could meet the server closing it ("other side
 * closed"), and fetch never sends a POST again (a browser does). Tests that wait a minute for emails
 * between two calls met exactly that.
 */
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ keepAliveMaxTimeout: 10_000 }));
