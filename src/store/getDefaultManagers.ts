import { runDataClientManagers } from './dataClientActions'
import type { Manager } from './Manager'
import { GCManager, type GCOptions } from './managers/GCManager'
import { NetworkManager } from './managers/NetworkManager'
import { PollingManager } from './managers/PollingManager'

/**
 * The managers a data-client app starts from: a NetworkManager (in-flight requests), a GCManager
 * (`options` configure it) and a PollingManager, so `pollFrequency` polls as it did there. New ones
 * at each call. For `managers={[...getDefaultManagers(), new LogoutManager()]}`: createStore and
 * DataProvider use the network and GC managers given instead of making their own, so nothing runs
 * twice (do not add a second PollingManager). A store made without `managers` has no polling; this
 * file is its own module, so apps that never call it do not bundle the PollingManager. It brings
 * in data-client's view of actions, which the managers an app adds beside these may be written on.
 */
export function getDefaultManagers(options: DefaultManagersOptions = {}): Manager[] {
  // The app adds managers of its own beside these, likely written for data-client: run them.
  runDataClientManagers()
  const { networkManager, ...gc } = options
  if (process.env.NODE_ENV !== 'production' && networkManager != null && !(networkManager instanceof NetworkManager)) {
    console.warn(
      `getDefaultManagers: networkManager options ${JSON.stringify(networkManager)} are not read: Tessera's endpoints carry their own ` +
        'dataExpiryLength and errorExpiryLength (set them on the endpoint, a RestEndpoint subclass or createResource). A new NetworkManager is used.',
    )
  }
  return [networkManager instanceof NetworkManager ? networkManager : new NetworkManager(), new GCManager(gc), new PollingManager()]
}

// Spelled out so that bundlers replace it and drop the warning from production builds.
declare const process: { env: { NODE_ENV?: string } }

/** Options of `getDefaultManagers`: the GC's, and the NetworkManager to use (data-client 0.14.4+). */
export interface DefaultManagersOptions extends GCOptions {
  /**
   * In place of a new NetworkManager, e.g. `new IdlingNetworkManager()`. data-client's options
   * object (`{ dataExpiryLength }`) and `null` are accepted and give a new NetworkManager (the
   * options, with a development warning, are not read: expiry is the endpoints' own).
   */
  networkManager?: NetworkManager | { readonly dataExpiryLength?: number; readonly errorExpiryLength?: number } | null
}
