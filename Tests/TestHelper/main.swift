// A second process for tests that need one: concurrent readers and writers of one package.
import DocumentPlatform

print("docmigrate-test-helper: no mode given")
