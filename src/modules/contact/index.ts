/**
 * The contact feature's public face (issue 13): the module, and the outbox the health probe and the
 * tests read. Inside the feature, files import each other directly.
 */
export { ContactModule } from './contact.module';
export { OutboxRepository } from './mail/outbox.repository';
export { OutboxWorker } from './mail/outbox.worker';
