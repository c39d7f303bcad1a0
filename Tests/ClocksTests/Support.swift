import Foundation

typealias NSLockShim = NSLock
