import DocMigrateCommands

await DocMigrate.main()
